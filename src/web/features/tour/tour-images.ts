/** One picture of the temple tour: its file, its name (the caption) and what it shows (the alt text). */
export interface TourImage {
  src: string;
  name: string;
  alt: string;
  /** The file's own size: the page reserves its box from these, so nothing shifts as it loads. */
  width: number;
  height: number;
}

const picture = (file: string, name: string, alt: string): TourImage => ({
  src: `/tour/${file}.svg`,
  name,
  alt,
  width: 960,
  height: 640,
});

/** The 31 pictures of 走进寺院, in the order a visitor walks: gate, halls, towers, gardens. */
export const TOUR_IMAGES: readonly TourImage[] = [
  picture('shan-men', '山门', '山门：晨光中的寺院正门，三道拱门并列'),
  picture('tian-wang-dian', '天王殿', '天王殿：青松掩映的殿宇'),
  picture('da-xiong-bao-dian', '大雄宝殿', '大雄宝殿：重檐大殿，殿前香炉'),
  picture('zhong-lou', '钟楼', '钟楼：高台之上悬挂铜钟的楼阁'),
  picture('gu-lou', '鼓楼', '鼓楼：暮色中置放大鼓的楼阁'),
  picture('cang-jing-lou', '藏经楼', '藏经楼：两层楼阁，珍藏经卷之所'),
  picture('fang-sheng-chi', '放生池', '放生池：殿前池水清澈，鱼儿游弋'),
  picture('hui-lang', '回廊', '回廊：红柱青瓦的长廊'),
  picture('guan-yin-dian', '观音殿', '观音殿：垂柳旁的殿宇'),
  picture('di-zang-dian', '地藏殿', '地藏殿：夕照下的殿宇'),
  picture('yao-shi-dian', '药师殿', '药师殿：绿树环绕的殿宇'),
  picture('fa-tang', '法堂', '法堂：讲经说法的重檐殿堂'),
  picture('chan-tang', '禅堂', '禅堂：竹林深处的禅修之所'),
  picture('nian-fo-tang', '念佛堂', '念佛堂：檐前挂着一排红灯笼'),
  picture('zhai-tang', '斋堂', '斋堂：僧众与居士用斋之处'),
  picture('ke-tang', '客堂', '客堂：银杏树旁接待香客的堂屋'),
  picture('wan-fo-ta', '万佛塔', '万佛塔：七层宝塔，塔顶宝珠'),
  picture('zhao-bi', '照壁', '照壁：红墙青瓦，中央莲花图案'),
  picture('xiang-lu', '香炉', '香炉：大殿前的铜香炉，香烟袅袅'),
  picture('jing-chuang', '经幢', '经幢：刻有经文的石柱'),
  picture('pai-fang', '牌坊', '牌坊：四柱三门的寺前牌坊'),
  picture('yue-dong-men', '月洞门', '月洞门：红墙上的圆门，门内绿树'),
  picture('shi-qiao', '石桥', '石桥：放生池上的拱形石桥'),
  picture('he-hua-chi', '荷花池', '荷花池：荷叶田田，莲花盛开'),
  picture('yin-xing-gu-shu', '银杏古树', '银杏古树：金黄的古银杏，落叶满地'),
  picture('zhu-lin-xiao-jing', '竹林小径', '竹林小径：石阶穿过翠竹'),
  picture('bei-lang', '碑廊', '碑廊：长廊下一排石碑'),
  picture('qi-fu-deng-long', '祈福灯笼', '祈福灯笼：夜色中殿前的红灯笼'),
  picture('xue-zhong-da-dian', '雪中大殿', '雪中大殿：白雪覆盖的重檐殿顶'),
  picture('yue-xia-bao-ta', '月下宝塔', '月下宝塔：明月照耀的宝塔'),
  picture('yuan-tiao-si-yuan', '远眺寺院', '远眺寺院：群山之前殿宇错落'),
];
