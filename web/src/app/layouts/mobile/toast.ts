// antd-mobile's Toast on its own, for the layout to load when the first message comes.
export { Toast } from 'antd-mobile';
