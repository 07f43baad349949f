import { onAPhone } from '../../../support/phone';
import { describeViewPaths } from '../view-paths';
import { wechatBindingView } from '../wechat-binding.flow';

describeViewPaths('wechat-binding', wechatBindingView);
describeViewPaths('wechat-binding', onAPhone(wechatBindingView), { column: 'phone' });
